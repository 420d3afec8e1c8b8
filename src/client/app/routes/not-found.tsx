import { Link } from "react-router";

export default function NotFoundRoute() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-display text-4xl font-semibold">404 Page Not Found</h1>
      <p className="mt-3 text-muted">The page you are looking for has moved or never existed.</p>
      <Link to="/" className="mt-8 inline-block rounded-full bg-ink px-6 py-3 text-cream">
        Back to Home
      </Link>
    </section>
  );
}
