// Stands in for the whole crypto-js library in the browser bundle: the OpenAPI theme only calls
// CryptoJS.SHA1 (to name stored explorer settings), so only SHA-1 is shipped.
import SHA1 from 'crypto-js/sha1';

export default {SHA1};
export {SHA1};
