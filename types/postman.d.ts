// postman-collection's shipped types are not wired up (and mark optional fields as required);
// postman-code-generators ships none. Only what scripts/code-samples.ts uses is declared.
declare module 'postman-collection' {
  export class Request {
    constructor(definition: {
      url: string;
      method: string;
      header?: {key: string; value: string}[];
      body?: {mode: 'raw'; raw: string; options?: {raw?: {language?: string}}};
    });
  }
}

declare module 'postman-code-generators' {
  import type {Request} from 'postman-collection';

  type Callback = (error: unknown, snippet: string) => void;
  const codegen: {
    convert(
      language: string,
      variant: string,
      request: Request,
      options: Record<string, unknown>,
      callback: Callback,
    ): void;
  };
  export default codegen;
}
