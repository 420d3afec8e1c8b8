import { WhatsAppIcon } from "./social-icons";
import { STORE_CONTACT } from "./store-contact";

/** The floating WhatsApp link of the home page (an external chat, opened in a new tab). */
export function ChatButton() {
  return (
    <a
      href={STORE_CONTACT.whatsappUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Chat with us on WhatsApp"
      className="fixed bottom-5 right-5 z-30 grid h-14 w-14 place-items-center rounded-full bg-[#1f8f4e] text-white shadow-xl shadow-ink/20 transition hover:scale-105 focus-visible:outline-offset-4 motion-reduce:transition-none"
    >
      <WhatsAppIcon className="h-7 w-7" />
    </a>
  );
}
