import { describe, expect, it } from "vitest";
import { orderUpdatedTemplate } from "../confirmations/order-updated.js";
import { describeParameters, parameterValues, type TemplateParameter } from "./template-parameters.js";

describe("a template's parameters, said once", () => {
  const parameters: TemplateParameter<{ name: string; total: number }>[] = [
    { meaning: "customer name", example: "Ayesha Khan", value: (s) => s.name },
    { meaning: "total", example: "Rs. 6,200", value: (s) => `Rs. ${s.total}` },
  ];

  it("numbers the description from 1 and sends the values in the same order", () => {
    expect(describeParameters(parameters)).toEqual([
      { number: 1, meaning: "customer name", example: "Ayesha Khan" },
      { number: 2, meaning: "total", example: "Rs. 6,200" },
    ]);
    expect(parameterValues(parameters, { name: "Hina", total: 5000 })).toEqual(["Hina", "Rs. 5000"]);
  });

  it("describes as many parameters as the order_updated body has placeholders", () => {
    const template = orderUpdatedTemplate({ templateLanguage: "en" });
    const placeholders = [...template.body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1]));
    expect(template.bodyParameters.map((p) => p.number)).toEqual(placeholders);
  });
});
