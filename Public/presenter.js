// Presenter mode on the page: follows the room's live presenter fragment (lock, spotlight) and runs the presenter's
// own controls (co-presenter link, "show my token"). Without it the forms still post; the server refuses a locked
// room's inputs anyway.
(() => {
  "use strict";
  const body = document.body;

  // The join page: the secret comes in the link's fragment, which no server or log sees; put it in the form and take
  // it off the address bar.
  const secret = document.getElementById("presenter-secret");
  if (secret && location.hash.length > 1) {
    secret.value = decodeURIComponent(location.hash.slice(1));
    history.replaceState(null, "", location.pathname);
  }

  const room = body.dataset.room;
  if (!room) return;
  const presenter = body.dataset.presenter === "true";

  // A watcher of a locked room: every control inside the panes is off (one fieldset holds them, so patches that
  // replace controls keep them off).
  function follow() {
    const live = document.getElementById("presenter-live");
    if (!live) return;
    const locked = live.dataset.locked === "true";
    body.dataset.locked = String(locked);
    const gate = document.querySelector("fieldset.presenter-gate");
    if (gate) gate.disabled = locked && !presenter;
  }
  new MutationObserver(follow).observe(body, { childList: true, subtree: false });
  follow();

  const output = document.getElementById("presenter-output");
  function say(text) { if (output) output.textContent = text; }

  document.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const invite = form.classList.contains("presenter-invite");
    const token = form.classList.contains("presenter-token");
    if (!invite && !token) return;
    event.preventDefault();
    try {
      const response = await fetch(form.getAttribute("action"), {
        method: invite ? "POST" : "GET",
        headers: { "Accept": "application/json" },
      });
      const answer = await response.json();
      if (!response.ok) throw new Error(answer && answer.error ? answer.error.message : `HTTP ${response.status}`);
      if (invite) {
        say(`Co-presenter link (works once, for ${Math.round(answer.expiresInSeconds / 60)} minutes): ${answer.link}`);
      } else {
        say(`Your token (keep it secret; a terminal drives the locked room with it): ${answer.token}`);
        addBearer(answer.token);
      }
    } catch (error) {
      say(`Not done: ${error.message || error}`);
    }
  });

  // After "show my token" the presenter's curl twins carry it, so they work in the locked room.
  function addBearer(token) {
    for (const code of document.querySelectorAll("main code")) {
      if (!code.textContent.startsWith("curl -X POST") || code.textContent.includes("Authorization: Bearer")) continue;
      code.textContent = code.textContent.replace(/^curl( -X POST)?/, (start) => `${start} -H 'Authorization: Bearer ${token}'`);
    }
  }
})();
