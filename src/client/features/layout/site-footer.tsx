import { Mail, MapPin, Phone } from "lucide-react";
import { NavLinks } from "./nav-links";
import { FacebookIcon, InstagramIcon, WhatsAppIcon } from "./social-icons";
import { STORE_CONTACT, telHref } from "./store-contact";

const social = [
  { label: "Instagram", href: STORE_CONTACT.instagramUrl, Icon: InstagramIcon },
  { label: "Facebook", href: STORE_CONTACT.facebookUrl, Icon: FacebookIcon },
  { label: "WhatsApp", href: STORE_CONTACT.whatsappUrl, Icon: WhatsAppIcon },
];

export function SiteFooter({ siteName, tagline, delivery }: { siteName: string; tagline: string; delivery: string }) {
  return (
    // Below every page's first screen: laid out and painted only as it nears the viewport.
    <footer className="mt-24 bg-ink text-cream/80 [content-visibility:auto] [contain-intrinsic-size:auto_713px] md:[contain-intrinsic-size:auto_400px]">
      <div className="mx-auto grid max-w-7xl gap-10 px-5 py-14 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr]">
        <div>
          <p className="font-display text-2xl font-semibold text-cream">{siteName}</p>
          <p className="mt-1 text-sm text-sand">{tagline}</p>
          <p className="mt-4 max-w-sm text-sm leading-relaxed">
            Premium women's fashion — formal, casual and party wear, and the accessories to finish the look. Cash on
            delivery across Pakistan, {delivery.charAt(0).toLowerCase() + delivery.slice(1)} and 7 day returns.
          </p>
          <ul className="mt-6 flex gap-3" aria-label="Social media">
            {social.map(({ label, href, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={label}
                  className="grid h-10 w-10 place-items-center rounded-full border border-cream/20 text-cream transition hover:border-sand hover:text-sand"
                >
                  <Icon className="h-5 w-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Quick links">
          <h2 className="text-xs font-semibold uppercase tracking-[0.2em] text-sand">Quick Links</h2>
          <NavLinks className="mt-4 space-y-2.5 text-sm" linkClassName="hover:text-cream" activeClassName="text-sand" />
        </nav>
        <div>
          <h2 className="text-xs font-semibold uppercase tracking-[0.2em] text-sand">Contact</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <a href={telHref(STORE_CONTACT.phone)} className="inline-flex items-center gap-2 hover:text-cream">
                <Phone className="h-4 w-4" aria-hidden /> {STORE_CONTACT.phone}
              </a>
            </li>
            <li>
              <a href={`mailto:${STORE_CONTACT.email}`} className="inline-flex items-center gap-2 hover:text-cream">
                <Mail className="h-4 w-4" aria-hidden /> {STORE_CONTACT.email}
              </a>
            </li>
            <li className="inline-flex items-center gap-2">
              <MapPin className="h-4 w-4" aria-hidden /> {STORE_CONTACT.address}
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-cream/10 py-5 text-center text-xs text-cream/60">
        © {new Date().getFullYear()} {siteName}. Cash on delivery across Pakistan.
      </p>
    </footer>
  );
}
