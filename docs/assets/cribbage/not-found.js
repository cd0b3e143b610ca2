// The 404 page (overrides/404.html) holds its message in every language; GitHub Pages
// serves it for every missing address, at any depth. This shows the one of the language
// the address names, under the site's root: two folders above this script, wherever the
// site is served. Its links are made from that root too, and load the page in full
// (Material's instant navigation would keep this page's empty header).
const siteRoot = new URL("../../", import.meta.url);
const messages = [...document.querySelectorAll("[data-not-found]")];
const address = location.pathname.startsWith(siteRoot.pathname) ? location.pathname.slice(siteRoot.pathname.length) : "";
// The language whose root is the longest start of the address ("" is the default language's).
const reader = messages
  .filter((message) => address.startsWith(message.dataset.notFound))
  .sort((a, b) => b.dataset.notFound.length - a.dataset.notFound.length)[0];

for (const message of messages) {
  message.hidden = message !== reader;
  for (const link of message.querySelectorAll("a")) {
    link.href = new URL(message.dataset.notFound, siteRoot).href;
  }
}
if (reader) {
  document.documentElement.lang = reader.lang;
  document.title = `404 – ${reader.querySelector("h1").textContent}`;
}

addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest("[data-not-found] a") : null;
  if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  location.assign(link.href);
}, { capture: true });
