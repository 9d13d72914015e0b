// The package ships no types: the one call of it we make (bench/swagger2.ts), as its README documents it.
declare module 'swagger2openapi' {
  /** Converts a Swagger 2.0 document; `options.patches` counts what it patched, its warnings are left in the output. */
  export function convertObj(
    swagger: Record<string, unknown>,
    options: Record<string, unknown> & {patches?: number},
  ): Promise<{openapi: Record<string, unknown>}>;
}
