import { Link } from "react-router";
import { collectionPath } from "@shared/catalogue/handles.js";
import type { ImageRef } from "@shared/schemas/common.js";
import { ProductImage } from "./product-image";

export interface CollectionTile {
  slug: string;
  label: string;
  image: ImageRef | undefined;
}

export function CollectionCard({ tile, logoUrl }: { tile: CollectionTile; logoUrl: string }) {
  return (
    <Link to={collectionPath(tile.slug)} className="group relative block overflow-hidden rounded-[1.5rem] bg-sand/30">
      {tile.image ? (
        <ProductImage
          image={tile.image}
          alt=""
          className="aspect-[3/4] w-full"
          imgClassName="transition-transform duration-700 group-hover:scale-105"
        />
      ) : (
        <div className="grid aspect-[3/4] w-full place-items-center bg-sand/40">
          <img src={logoUrl} alt="" width={96} height={96} loading="lazy" className="h-24 w-24 opacity-70" />
        </div>
      )}
      <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink via-ink/75 to-transparent p-5 pt-24 text-cream">
        <h3 className="font-display text-2xl">{tile.label} Collection</h3>
        <p className="mt-1 text-sm text-cream/85">Discover our {tile.label.toLowerCase()} collection</p>
      </div>
    </Link>
  );
}
