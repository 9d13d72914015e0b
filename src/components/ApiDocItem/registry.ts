import type {ComponentType} from 'react';
import type {Props} from '@theme/DocItem';

let apiItem: ComponentType<Props> | undefined;

/** Called by ./register, which every generated reference page imports. */
export function registerApiItem(component: ComponentType<Props>): void {
  apiItem = component;
}

/** The OpenAPI theme's page component, once a reference page's content has loaded it. */
export function registeredApiItem(): ComponentType<Props> | undefined {
  return apiItem;
}
