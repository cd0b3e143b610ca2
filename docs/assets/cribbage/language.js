// A change of language loads the page in full. Material's instant navigation keeps the
// configuration of the first page it loaded, its search index among it, so a page of
// another language swapped in would search the first language's pages.
addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest("a[hreflang]") : null;
  if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  if (link.hreflang === document.documentElement.lang) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  location.assign(link.href);
}, { capture: true });
