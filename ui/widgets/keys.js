// A key that presses a button (ui/widgets/keys.py): while this component is drawn, pressing
// one of data.keys anywhere on the page clicks the first shown element matching its selector
// (Escape on Play's tutor stop: "Think again").  One listener per component key; drawn again,
// the listener is replaced; taken out of the page, it is removed.
export default function (component) {
  const { data } = component;
  if (!data) return;
  const all = (window.__pressKeys = window.__pressKeys || {});
  if (all[data.key]) document.removeEventListener("keydown", all[data.key]);
  const onKey = (ev) => {
    const selector = (data.keys || {})[ev.key];
    if (!selector || ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const target = Array.from(document.querySelectorAll(selector)).find(
      (e) => e.getClientRects().length > 0);  // a button drawn twice: the one shown
    if (!target || target.disabled) return;
    ev.preventDefault();
    target.click();
  };
  all[data.key] = onKey;
  document.addEventListener("keydown", onKey);
  return () => {
    if (all[data.key] === onKey) {
      document.removeEventListener("keydown", onKey);
      delete all[data.key];
    }
  };
}
