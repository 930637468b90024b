// Wraps a sidebar link: an API operation's link carries its method as `data-method`, which the badge of a method
// without a rule of its own in src/css/custom.css shows (OpenAPI 3.2 `additionalOperations`, such as PURGE). The
// theme's link passes the props it does not use on to the link element. Covered by
// tests/spec/one-process/reference-oas32-dom.test.ts (the badge, with the attributes of sidebarLinkAttributes) and
// tests/site/operation-routes.test.ts (the links of the built site, also those loaded apart).
import React, {type ReactNode} from 'react';
// relies on: wraps-doc-sidebar-item-link
import DocSidebarItemLink from '@theme-init/DocSidebarItem/Link';
import type DocSidebarItemLinkType from '@theme/DocSidebarItem/Link';
import type {WrapperProps} from '@docusaurus/types';
import {sidebarLinkAttributes} from '../../../components/sidebar-method';

type Props = WrapperProps<typeof DocSidebarItemLinkType>;

export default function DocSidebarItemLinkWrapper(props: Props): ReactNode {
  return <DocSidebarItemLink {...props} {...sidebarLinkAttributes(props.item.className)} />;
}
