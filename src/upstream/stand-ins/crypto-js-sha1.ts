/**
 * Stands in for `crypto-js` in the browser bundle (alias in src/plugins/page-weight/index.ts). The OpenAPI theme's only use is
 * `CryptoJS.SHA1(message).toString()` (ApiExplorer/storage-utils.js); this exposes exactly that, from
 * crypto-js's own SHA-1 module, so the hashes (and so the stored try-it credentials' keys) are unchanged.
 */
import SHA1 from 'crypto-js/sha1';

export default {SHA1};
