/**
 * The OpenAPI descriptions as typed data: loading, `$ref`s and operations (./document.ts); webhooks,
 * callbacks and the copy the plugin makes pages from (./events.ts). Import from here.
 */
export * from './document';
export * from './events';
