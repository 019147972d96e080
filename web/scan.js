// The camera scan of a friend's code (issue 24's manual path; DECISIONS W-73): opens the
// camera in a <video> of the page, reads each frame for a QR code and resolves with its text.
// The browser's BarcodeDetector reads where it knows QR codes (Chrome on Android, Safari);
// elsewhere the bundled decoder (web/qr_decoder.js, jsQR), loaded here on the first scan.
// All JavaScript: a camera frame never enters the page's MicroPython (its heap is small).
//
// One scan at a time. It ends with the code read, `stop()` (Cancel, leaving the screen), the
// page hidden (a phone's screen off) or an error; each way the camera is turned off. Every
// function resolves with a plain object ({ok, text} or {ok: false, error}) and never throws
// (MicroPython cannot catch a JavaScript exception thrown synchronously).

// A frame is read every READ_MS, or after twice the last read's time when that is longer
// (jsQR runs on the main thread: it stays busy a third of the time at most); its larger side
// drawn at most MAX_SIDE pixels for jsQR (a phone's 1080p frame would take it about 10 times
// as long, for no code a screen shows). Measured here (desktop Chromium, jsQR, a 640x480
// frame with no code): about 150 ms a frame reading inverted codes too, which ours never are.
const READ_MS = 150;
const MAX_SIDE = 480;

let current = null;  // {stream, video, timer, resolve}

// Whether this browser can open a camera at all (no camera API: no Scan button).
export function available() {
  return !!(navigator.mediaDevices && navigator.mediaDevices.getUserMedia);
}

// The reader of one frame: a function (video) -> promise of the text or null, and its name.
async function reader() {
  if (typeof BarcodeDetector !== "undefined") {
    try {
      const formats = await BarcodeDetector.getSupportedFormats();
      if (formats.includes("qr_code")) {
        const detector = new BarcodeDetector({ formats: ["qr_code"] });
        const read = async (video) => {
          const found = await detector.detect(video);
          return found.length ? found[0].rawValue : null;
        };
        return { read, name: "native" };
      }
    } catch (e) { /* no detector after all: the bundled decoder */ }
  }
  const jsQR = (await import("./qr_decoder.js")).default;
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  const read = async (video) => {
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!width || !height) return null;
    const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    const code = jsQR(image.data, canvas.width, canvas.height, { inversionAttempts: "dontInvert" });
    return code ? code.data : null;
  };
  return { read, name: "jsqr" };
}

export const stats = { decoder: "", frames: 0, ms: 0 };

function finish(result) {
  const scan = current;
  if (!scan) return;
  current = null;
  clearTimeout(scan.timer);
  for (const track of scan.stream ? scan.stream.getTracks() : []) track.stop();
  if (scan.video) { scan.video.pause(); scan.video.srcObject = null; }
  document.removeEventListener("visibilitychange", onHidden);
  scan.resolve(result);
}

function onHidden() {
  if (document.hidden) finish({ ok: false, error: "cancelled" });
}

// Open the camera into `video` and read until a code is found: {ok: true, text}, or
// {ok: false, error: "cancelled" | "denied" | "no_camera" | "failed"}.
export function start(video) {
  if (current) finish({ ok: false, error: "cancelled" });
  if (!available()) return Promise.resolve({ ok: false, error: "no_camera" });
  return new Promise((resolve) => {
    const scan = { stream: null, video, timer: 0, resolve };
    current = scan;
    document.addEventListener("visibilitychange", onHidden);
    run(scan).catch((e) => {
      const name = e && e.name;
      const error = name === "NotAllowedError" || name === "SecurityError" ? "denied"
        : name === "NotFoundError" || name === "OverconstrainedError" ? "no_camera" : "failed";
      if (current === scan) finish({ ok: false, error });
    });
  });
}

async function run(scan) {
  const stream = await navigator.mediaDevices.getUserMedia(
    { video: { facingMode: "environment" }, audio: false });
  if (current !== scan) { for (const t of stream.getTracks()) t.stop(); return; }
  scan.stream = stream;
  scan.video.srcObject = stream;
  scan.video.muted = true;
  scan.video.setAttribute("playsinline", "");
  await scan.video.play();
  const { read, name } = await reader();
  stats.decoder = name;
  const tick = async () => {
    if (current !== scan) return;
    const began = performance.now();
    let text = null;
    try { text = await read(scan.video); } catch (e) { text = null; }
    const took = performance.now() - began;
    stats.frames += 1;
    stats.ms += took;
    if (current !== scan) return;
    if (text) finish({ ok: true, text: String(text) });
    else scan.timer = setTimeout(tick, Math.max(READ_MS, 2 * took));
  };
  tick();
}

// Stop the scan under way, if any (Cancel, leaving the screen): its promise says "cancelled".
export function stop() {
  finish({ ok: false, error: "cancelled" });
  return { ok: true };
}
