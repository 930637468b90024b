/**
 * The OpenAPI theme's ApiItem layout, which the operation page renders its columns in
 * (src/plugins/operation-page/components/ApiPage.tsx): a theme-internal path, not a component the theme documents for swizzling.
 * A module apart from ./try-it.ts so that the page's chunk pulls in nothing of the try-it panel. Contract 'theme
 * modules of the operation page'.
 */
export {default as ApiItemLayout} from '@theme/ApiItem/Layout';
