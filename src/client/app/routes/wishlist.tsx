export default function WishlistRoute() {
  return <div className="p-8">Wishlist</div>;
}
