// Material's search reads its box on keyup only. Letters that come without a key fire
// `input` alone: a phone keyboard's suggestion or swiped word, dictation, pasting, an input
// method's composed text. The box would then show a word and the results of an earlier
// one, or none at all, so each input is passed on to Material as the keyup it listens for
// (it searches only when the box's text has changed, so a real key searches once).
addEventListener("input", (event) => {
  if (event.target instanceof HTMLInputElement && event.target.matches(".md-search__input")) {
    event.target.dispatchEvent(new KeyboardEvent("keyup"));
  }
}, { capture: true });
