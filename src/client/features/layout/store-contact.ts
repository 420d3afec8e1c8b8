/**
 * How shoppers reach the store. No setting holds these yet (SPEC §3 lists only hero and site
 * texts), so they live here, in one place, for the footer and the floating chat button.
 */
export const STORE_CONTACT = {
  phone: "+92 300 1234567",
  email: "hello@zaiba.pk",
  address: "Pakpattan, Pakistan",
  whatsappUrl: "https://wa.me/923001234567",
  instagramUrl: "https://www.instagram.com/",
  facebookUrl: "https://www.facebook.com/",
} as const;

export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;
