import { useState } from "react";
import { Badge } from "@client/components/ui/badge";
import { NativeSelect } from "@client/components/ui/native-select";
import { ImageGroupPicker } from "./image-group-picker";
import { colorInStock, splitList, type DraftImage, type ProductDraft } from "./product-draft";

/** Per-colour stock ticks and per-colour image groups, for the colours typed above. */
export function ColorVariants({
  draft,
  onChange,
}: {
  draft: ProductDraft;
  onChange: (patch: Partial<ProductDraft>) => void;
}) {
  const colors = splitList(draft.colors);
  const [chosen, setChosen] = useState("");
  const active = colors.includes(chosen) ? chosen : "";
  if (colors.length === 0) return null;

  const setImages = (images: DraftImage[]) => onChange({ colorImages: { ...draft.colorImages, [active]: images } });

  return (
    <div className="space-y-4 rounded-xl border border-ink/10 p-4">
      <fieldset>
        <legend className="text-sm font-medium">Colour stock</legend>
        <ul className="mt-2 grid gap-2 sm:grid-cols-2">
          {colors.map((c) => {
            const inStock = colorInStock(draft, c);
            return (
              <li key={c}>
                <label className="flex cursor-pointer items-center gap-2.5 rounded-lg px-2 py-1.5 text-sm hover:bg-ink/5">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-rose"
                    checked={inStock}
                    onChange={(e) => onChange({ colorStock: { ...draft.colorStock, [c]: e.target.checked } })}
                  />
                  <span className="flex-1">{c}</span>
                  <Badge className={inStock ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900"}>
                    {inStock ? "In Stock" : "Out of Stock"}
                  </Badge>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <div className="space-y-3">
        <label htmlFor="variant-colour" className="block text-sm font-medium">
          Colour variant images
        </label>
        <NativeSelect id="variant-colour" value={active} onChange={(e) => setChosen(e.target.value)}>
          <option value="">Choose a colour…</option>
          {colors.map((c) => (
            <option key={c} value={c}>
              {c} ({(draft.colorImages[c] ?? []).length} images)
            </option>
          ))}
        </NativeSelect>
        {active && (
          <ImageGroupPicker
            key={active}
            id={`colour-images-${active}`}
            label={`${active} images`}
            images={draft.colorImages[active] ?? []}
            onChange={setImages}
          />
        )}
      </div>
    </div>
  );
}
