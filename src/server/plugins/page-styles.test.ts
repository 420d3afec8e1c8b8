import { describe, expect, it } from "vitest";
import { classesOf, requiredClasses, stylesheetSubset, webFontFaces } from "./page-styles.js";

describe("requiredClasses", () => {
  it("reads Tailwind's escaped class names as a class attribute writes them", () => {
    expect(requiredClasses(".md\\:grid-cols-3")).toEqual(["md:grid-cols-3"]);
    expect(requiredClasses(".max-w-\\[260px\\]")).toEqual(["max-w-[260px]"]);
    expect(requiredClasses(".w-1\\/2")).toEqual(["w-1/2"]);
    expect(requiredClasses(".\\31 0xl")).toEqual(["10xl"]);
  });

  it("needs the classes outside functional pseudo-classes and attribute selectors only", () => {
    expect(requiredClasses(".group-hover\\:x:is(:where(.group):hover *)")).toEqual(["group-hover:x"]);
    expect(requiredClasses(".a:not(.b) .c")).toEqual(["a", "c"]);
    expect(requiredClasses('[data-x=".y"] .z')).toEqual(["z"]);
    expect(
      requiredClasses(".\\[\\:not\\(\\.swiper-initialized\\)\\>\\&\\]\\:justify-center:not(.swiper-initialized)>*"),
    ).toEqual(["[:not(.swiper-initialized)>&]:justify-center"]);
    expect(requiredClasses("html,:host")).toEqual([]);
  });
});

describe("classesOf", () => {
  it("collects every class of the markup, entities decoded", () => {
    const classes = classesOf(
      '<div class="flex  p-4"><svg class="size-4"></svg><p class="[&amp;&gt;svg]:size-3"></p></div>',
    );
    expect([...classes]).toEqual(["flex", "p-4", "size-4", "[&>svg]:size-3"]);
  });
});

describe("stylesheetSubset", () => {
  const css =
    "/*! banner */@layer theme,base,utilities;@layer theme{:root{--x:1}}" +
    "@layer base{*,:before{box-sizing:border-box}h1{font-size:2rem}}" +
    "@layer utilities{.flex{display:flex}.grid{display:grid}.a .b{color:red}.c,.d{color:blue}" +
    "@media (min-width:40rem){.sm\\:grid{display:grid}.sm\\:flex{display:flex}}" +
    "@supports (x:y){.grid{gap:1px}}}" +
    '@property --tw-x{syntax:"*";inherits:false}@keyframes spin{to{transform:rotate(1turn)}}' +
    '.q::after{content:"}{"}';
  const subset = stylesheetSubset(css);

  it("keeps the rules the markup's classes can match, in order and in their groups, and every rule for elements alone", () => {
    expect(subset('<div class="flex sm:flex d b"></div>')).toBe(
      "@layer theme,base,utilities;@layer theme{:root{--x:1}}" +
        "@layer base{*,:before{box-sizing:border-box}h1{font-size:2rem}}" +
        "@layer utilities{.flex{display:flex}.c,.d{color:blue}@media (min-width:40rem){.sm\\:flex{display:flex}}}" +
        '@property --tw-x{syntax:"*";inherits:false}@keyframes spin{to{transform:rotate(1turn)}}',
    );
  });

  it("needs every class of a compound selector, and reads braces inside strings as text", () => {
    expect(subset('<i class="a b grid q"></i>')).toContain(".a .b{color:red}");
    expect(subset('<i class="a grid"></i>')).not.toContain(".a .b");
    expect(subset('<i class="grid"></i>')).toContain("@supports (x:y){.grid{gap:1px}}");
    expect(subset('<i class="q"></i>')).toContain('.q::after{content:"}{"}');
  });

  it("keeps an empty @layer block, which still orders the layers", () => {
    expect(subset("<i></i>")).toContain("@layer utilities{}");
  });

  it("leaves out the faces of web fonts, which webFontFaces answers, and keeps faces of local fonts", () => {
    const faces =
      '@font-face{font-family:"Playfair Display";src:url(/assets/p.woff2) format("woff2")}' +
      '@font-face{font-family:"Playfair Display Fallback";src:local("Times New Roman Bold")}';
    const withFaces = stylesheetSubset(faces + css);
    expect(withFaces('<i class="flex"></i>')).not.toContain("url(");
    expect(withFaces('<i class="flex"></i>')).toContain('src:local("Times New Roman Bold")');
    expect(webFontFaces(faces + css)).toBe(
      '@font-face{font-family:"Playfair Display";src:url(/assets/p.woff2) format("woff2")}',
    );
  });
});
