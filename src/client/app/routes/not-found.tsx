import { Link } from "react-router";
import { buttonVariants } from "@client/components/ui/button";

export default function NotFoundRoute() {
  return (
    <section className="mx-auto max-w-xl px-5 py-24 text-center sm:py-32">
      <p aria-hidden className="font-display text-8xl font-semibold text-sand">
        404
      </p>
      <h1 className="mt-4 font-display text-4xl font-semibold">404 Page Not Found</h1>
      <p className="mt-3 text-muted">The page you are looking for has moved or never existed.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonVariants()}>
          Back to Home
        </Link>
        <Link to="/shop" className={buttonVariants({ variant: "outline" })}>
          Shop the Collection
        </Link>
      </div>
    </section>
  );
}
