// The bundled QR decoder (npm `jsqr` 1.4.0, Apache-2.0; DECISIONS W-73), for a browser with
// no BarcodeDetector (desktop Linux Chromium, Firefox, Safari before 17). jsQR is a UMD
// script: imported as a module it sets `self.jsQR`, which this module hands on. build.py
// copies it into dist/vendor/jsqr/ and points this import there (`vendor_modules`); only
// web/scan.js imports this module, and only when a scan finds no BarcodeDetector, so the
// 250 KB decoder is never part of a first load (the service worker precaches it for a LAN
// with no internet).

import "jsqr";

export default self.jsQR;
