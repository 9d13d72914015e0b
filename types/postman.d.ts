// postman-collection's shipped types are not wired up (and mark optional fields as required);
// postman-code-generators ships none. Only what lib/samples/write.ts uses is declared.
declare module 'postman-collection' {
  /** A request body: raw text (JSON), form fields (URL-encoded or multipart), or a file. */
  export type RequestBodyDefinition =
    | {mode: 'raw'; raw: string; options?: {raw?: {language?: string}}}
    | {mode: 'urlencoded'; urlencoded: {key: string; value: string}[]}
    | {
        mode: 'formdata';
        formdata: ({key: string; type: 'text'; value: string} | {key: string; type: 'file'; src: string})[];
      }
    | {mode: 'file'; file: {src: string}};
  export class Request {
    constructor(definition: {
      url: string;
      method: string;
      header?: {key: string; value: string}[];
      body?: RequestBodyDefinition;
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
