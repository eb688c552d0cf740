// Architecture Playground page script: applies SSE patches and posts forms with fetch.
// The page works without it (forms POST and come back with 303); this only makes it live.
(() => {
  "use strict";
  const body = document.body;
  const room = body.dataset.room;           // "/rooms/<id>"
  const status = document.getElementById("connection");
  if (!room) return;

  function setStatus(text, state) {
    if (!status) return;
    status.textContent = text;
    status.dataset.state = state;
  }

  // Replaces each top-level element of a patch with the element of the same id on the page. A table that
  // names a table body (data-rows-for) carries rows instead: each replaces its namesake or goes on top, and
  // the body keeps at most data-keep rows (the trace grows by one small row per event, not a whole table).
  function applyRows(carrier) {
    const body = document.getElementById(carrier.dataset.rowsFor);
    if (!body) return;
    for (const row of Array.from(carrier.querySelectorAll("tr[id]")).reverse()) {
      const old = document.getElementById(row.id);
      if (old) old.replaceWith(row); else body.prepend(row);
    }
    const keep = Number(carrier.dataset.keep || 0);
    while (keep > 0 && body.children.length > keep) body.lastElementChild.remove();
  }

  function applyPatch(html) {
    const template = document.createElement("template");
    template.innerHTML = html;
    for (const fresh of Array.from(template.content.children)) {
      if (fresh.dataset.rowsFor) { applyRows(fresh); continue; }
      if (!fresh.id) continue;
      const old = document.getElementById(fresh.id);
      if (!old) continue;
      const focused = old.contains(document.activeElement) ? document.activeElement : null;
      const keep = focused && focused.name ? { name: focused.name, value: focused.value,
        start: focused.selectionStart, end: focused.selectionEnd } : null;
      old.replaceWith(fresh);
      if (keep) {   // a patch must not steal what the user is typing
        const again = fresh.querySelector(`[name="${CSS.escape(keep.name)}"]`);
        if (again) {
          again.value = keep.value;
          again.focus();
          try { again.setSelectionRange(keep.start, keep.end); } catch (_) { /* not a text input */ }
        }
      }
    }
  }

  // One stream per tab for every pane. `since` lets the first connection skip what the page already shows;
  // the browser sends Last-Event-ID itself on reconnects.
  const source = new EventSource(`${room}/stream?since=${encodeURIComponent(body.dataset.seq || "0")}`);
  source.addEventListener("open", () => setStatus("live", "live"));
  source.addEventListener("patch", (event) => {
    const before = new Set(document.querySelectorAll(".presentation, .alert"));
    applyPatch(event.data);
    body.dataset.seq = event.lastEventId;
    // A dialog that has just appeared takes the focus (unless the user is typing somewhere).
    const typing = document.activeElement && document.activeElement.matches("input[type=text], input:not([type]), textarea");
    const fresh = Array.from(document.querySelectorAll(".presentation, .alert")).filter((dialog) => !before.has(dialog));
    if (!typing && fresh.length) {
      const dialog = fresh[fresh.length - 1];
      dialog.tabIndex = -1;
      (dialog.querySelector("button") || dialog).focus();
    }
  });

  // Escape closes the topmost presentation (its Close or Back), as a swipe down or the back button does.
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const dialogs = document.querySelectorAll(".presentation");
    const top = dialogs[dialogs.length - 1];
    const close = top && top.querySelector(":scope > .button-form .presentation-close");
    if (close) { event.preventDefault(); close.click(); }
  });
  source.addEventListener("error", () => {
    if (source.readyState === EventSource.CLOSED) {
      setStatus("room closed — open / for a new one", "closed");
    } else {
      setStatus("reconnecting…", "reconnecting");
    }
  });

  function showError(form, message) {
    const box = document.getElementById("errors");
    if (!box) return;
    box.textContent = message;
    box.hidden = false;
    clearTimeout(showError.timer);
    showError.timer = setTimeout(() => { box.hidden = true; }, 6000);
  }

  // Posts every event form with fetch; the answer arrives as a patch on the stream.
  document.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.method.toLowerCase() !== "post") return;
    event.preventDefault();
    const data = new URLSearchParams(new FormData(form, event.submitter));
    try {
      // A room folding its history into a snapshot asks for the event again in a moment (503 journal_folding).
      for (let attempt = 0; ; attempt++) {
        // The attribute, not form.action: a field named "action" would shadow the property.
        const response = await fetch(form.getAttribute("action"), {
          method: "POST",
          body: data,
          headers: { "Accept": "application/json", "X-Playground-Source": "browser" },
        });
        if (response.ok) break;
        const answer = await response.json().catch(() => null);
        if (answer && answer.error && answer.error.code === "journal_folding" && attempt < 5) {
          const seconds = Math.min(Number(response.headers.get("Retry-After")) || 1, 5);
          await new Promise((resume) => setTimeout(resume, seconds * 1000));
          continue;
        }
        showError(form, answer && answer.error ? answer.error.message : `HTTP ${response.status}`);
        break;
      }
    } catch (error) {
      showError(form, `The event was not sent: ${error}`);
    }
  });
})();
