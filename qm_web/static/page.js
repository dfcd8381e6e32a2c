// The table's page: the door (a name and the table's code), then the player's app in xterm.js
// (textual.js). What the browser keeps, in local storage: the player's name and language, and
// for this table its code and a random id that the server ties the seat to, so that a refresh,
// a closed tab or a dropped network brings the same seat back.
"use strict";
(function () {
  const config = JSON.parse(document.getElementById("qm-config").textContent);
  const store = window.localStorage;
  const key = (what) => "qingming." + config.table + "." + what;
  let lang = store.getItem("qingming.lang") || config.lang;
  let retries = 0;

  function browserId() {
    let id = store.getItem(key("browser"));
    if (!id || !/^[0-9a-f]{32}$/.test(id)) {
      const bytes = new Uint8Array(16);
      window.crypto.getRandomValues(bytes);
      id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
      store.setItem(key("browser"), id);
    }
    return id;
  }

  function words() {
    return config.words[lang];
  }

  function showWords() {
    const w = words();
    document.title = w.title;
    document.documentElement.lang = lang === "zh" ? "zh-CN" : "en";
    document.getElementById("heading").textContent = w.heading;
    document.querySelectorAll("[data-w]").forEach((el) => {
      el.textContent = w[el.dataset.w];
    });
    document.getElementById("lang").textContent = lang === "zh" ? "English" : "中文";
  }

  function say(text) {
    document.getElementById("why").textContent = text || "";
  }

  // The font size that fits at least 80x24 cells (the table's smallest layout) on the screen:
  // a phone held sideways included.
  function fontSize() {
    const byWidth = window.innerWidth / 80 / 0.6;
    const byHeight = window.innerHeight / 24 / 1.35;
    return Math.max(7, Math.min(16, Math.floor(Math.min(byWidth, byHeight))));
  }

  function start() {
    const screen = document.getElementById("screen");
    if (window.qmTerminal) {
      window.qmTerminal.dispose();
      window.qmTerminal = null;
    }
    screen.textContent = "";
    const term = document.createElement("div");
    term.className = "textual-terminal";
    const name = encodeURIComponent(store.getItem("qingming.name") || "");
    const code = encodeURIComponent(store.getItem(key("code")) || "");
    term.dataset.sessionWebsocketUrl =
      "ws://" + window.location.host + "/ws/" + browserId() + "/" + code + "/" + lang + "/" +
      (name || "-");
    term.dataset.fontSize = String(fontSize());
    term.dataset.fontFamily = config.font;
    screen.appendChild(term);
    document.getElementById("door").hidden = true;
    document.getElementById("closed").hidden = true;
    document.body.classList.remove("-closed");
    screen.hidden = false;
    window.qmStart();
    if (window.qmTerminal) window.qmTerminal.focus();
  }

  const CLOSED = { 4000: "idle", 4001: "replaced", 4002: "ended", 4003: "stopping" };

  window.qmClosed = function (event) {
    const why = CLOSED[event.code];
    if (!why && retries < 5) {
      // The network dropped (or the server was not reached): the seat waits; try again.
      retries += 1;
      document.getElementById("closed-why").textContent = words().connecting;
      document.getElementById("closed").hidden = false;
      window.setTimeout(enter, 1000 * retries);
      return;
    }
    document.getElementById("closed-why").textContent = words()[why || "lost"];
    document.getElementById("closed").hidden = false;
  };

  async function enter() {
    const code = store.getItem(key("code")) || "";
    let answer;
    try {
      const response = await fetch("/enter", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ code: code, browser: browserId() }),
      });
      answer = response.ok ? (await response.json()).answer : "refused";
    } catch (error) {
      answer = "lost";
    }
    if (answer === "ok") {
      start();
      return;
    }
    if (answer === "lost" && retries > 0 && retries < 5) {
      window.qmClosed({ code: 1006 });
      return;
    }
    if (answer === "code") {
      store.removeItem(key("code"));
      answer = code ? "wrong_code" : "no_code";
    }
    document.getElementById("screen").hidden = true;
    document.getElementById("closed").hidden = true;
    document.getElementById("door").hidden = false;
    say(words()[answer] || words().refused);
  }

  window.addEventListener("DOMContentLoaded", () => {
    const url = new URL(window.location.href);
    const given = url.searchParams.get("code");
    if (given) {
      store.setItem(key("code"), given);
      // The code leaves the address bar (and the history): the page is shown to others.
      url.searchParams.delete("code");
      window.history.replaceState(null, "", url.pathname + url.search);
    }
    showWords();
    const nameInput = document.getElementById("name");
    const codeInput = document.getElementById("code");
    nameInput.value = store.getItem("qingming.name") || "";
    codeInput.value = store.getItem(key("code")) || "";
    document.getElementById("lang").addEventListener("click", () => {
      lang = lang === "zh" ? "en" : "zh";
      store.setItem("qingming.lang", lang);
      showWords();
    });
    document.getElementById("door").addEventListener("submit", (event) => {
      event.preventDefault();
      const name = nameInput.value.trim();
      if (name) store.setItem("qingming.name", name);
      store.setItem(key("code"), codeInput.value.trim());
      retries = 0;
      say("");
      enter();
    });
    document.getElementById("again").addEventListener("click", () => {
      retries = 0;
      enter();
    });
    window.addEventListener("resize", () => {
      if (window.qmTerminal) window.qmTerminal.options.fontSize = fontSize();
    });
    // A browser that sat here before (a refresh, a tab opened again) goes straight back in.
    if (store.getItem("qingming.name") && store.getItem(key("code"))) {
      enter();
    } else {
      document.getElementById("door").hidden = false;
      (nameInput.value ? codeInput : nameInput).focus();
    }
  });
})();
