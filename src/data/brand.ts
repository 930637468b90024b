/** The company name, defined once: rename the brand here and every title, footer and page follows. */
export const BRAND = 'NovaRamp';
/** Public host of this portal (reserved .example domain; replace when deploying). */
export const SITE_URL = 'https://docs.novaramp.example';
export const COPYRIGHT_YEAR = 2025;
