/** The Python SDK as participants install and import it (docs/product.md#what-tandem-does). */
export const SDK_PACKAGE = {
  pipName: "tandem-bench",
  importName: "tandem_bench",
} as const;
