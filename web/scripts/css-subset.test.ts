import { describe, expect, it } from "vitest";
import { cssUsedBy, documentClasses } from "./css-subset.mjs";

const html = `<html><body class="page"><div class="card  title">x</div><p class="note">y</p></body></html>`;

describe("documentClasses", () => {
  it("reads every class of every class attribute", () => {
    expect([...documentClasses(html)].sort()).toEqual(["card", "note", "page", "title"]);
  });
});

describe("cssUsedBy", () => {
  const classes = documentClasses(html);

  it("drops the rules that need a class the document lacks and keeps the rest in order", () => {
    const css = ":root{--a:1}.card{color:red}.absent{color:blue}p{margin:0}[data-x] .title{top:0}";
    expect(cssUsedBy(css, classes)).toBe(
      ":root{--a:1}.card{color:red}p{margin:0}[data-x] .title{top:0}",
    );
  });

  it("keeps of a selector list only the selectors that can match", () => {
    expect(cssUsedBy(".card,.absent .card,.note:hover{color:red}", classes)).toBe(
      ".card,.note:hover{color:red}",
    );
  });

  it("does not count classes inside a pseudo-class's arguments as needed", () => {
    const css = ".card:not(.absent){a:1}:where(.absent) .note{b:2}.absent:not(.card){c:3}";
    expect(cssUsedBy(css, classes)).toBe(".card:not(.absent){a:1}:where(.absent) .note{b:2}");
  });

  it("removes the groups it empties and keeps keyframes and font faces whole", () => {
    const css =
      "@media (min-width:1px){.absent{a:1}}@supports (x:y){@media print{.gone{b:2}}}" +
      "@media print{.note{c:3}}@keyframes spin{from{d:4}to{d:5}}@font-face{font-family:F}";
    expect(cssUsedBy(css, classes)).toBe(
      "@media print{.note{c:3}}@keyframes spin{from{d:4}to{d:5}}@font-face{font-family:F}",
    );
  });
});
