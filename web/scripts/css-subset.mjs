/**
 * The rules of a stylesheet that a document can use before any script changes it: what a
 * prerendered page carries inline in place of the app's whole stylesheet (Mantine's, about 250 KB),
 * which the first script loads when the app starts (scripts/prerender.mjs, src/landing/boot.ts).
 */
import postcss from "postcss";
import selectorParser from "postcss-selector-parser";

/** Every class named in the document's class attributes. */
export function documentClasses(html) {
  const classes = new Set();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of match[1].split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/**
 * Whether `selector` can match in a document with only `classes`: false when it requires a class
 * the document lacks. Classes inside a pseudo-class's arguments (`:not(.a)`, `:is(.a, .b)`) are
 * not required, so such a selector is kept.
 */
function mayMatch(selector, classes) {
  let may = true;
  selector.walkClasses((node) => {
    for (let parent = node.parent; parent && parent !== selector; parent = parent.parent) {
      if (parent.type === "pseudo") return;
    }
    if (!classes.has(node.value)) may = false;
  });
  return may;
}

/**
 * `css` less the rules whose every selector requires a class missing from `classes`, and the
 * grouping rules (`@media`, `@supports`, `@layer`) left empty. Order and everything else (custom
 * properties, element rules, `@keyframes`, `@font-face`) are kept, so the cascade among what is
 * left is the stylesheet's own.
 */
export function cssUsedBy(css, classes) {
  const root = postcss.parse(css);
  const keep = selectorParser((selectors) => {
    for (const selector of [...selectors.nodes]) {
      if (!mayMatch(selector, classes)) selector.remove();
    }
  });
  root.walkRules((rule) => {
    if (rule.parent?.type === "atrule" && /keyframes$/i.test(rule.parent.name)) return;
    const selector = keep.processSync(rule.selector);
    if (selector.trim() === "") rule.remove();
    else rule.selector = selector;
  });
  let emptied = true;
  while (emptied) {
    emptied = false;
    root.walkAtRules((atRule) => {
      if (atRule.nodes && atRule.nodes.length === 0) {
        atRule.remove();
        emptied = true;
      }
    });
  }
  return root.toString();
}
