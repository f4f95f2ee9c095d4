// grognard's only script of its own: keyboard shortcuts on a game page (numbers pick, u undoes).
document.addEventListener("keydown", (event) => {
  const target = event.target;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (target instanceof HTMLElement && target.closest("input, select, textarea, [contenteditable]")) return;
  const actions = document.querySelector("[data-actions]");
  if (!actions) return;
  if (/^[1-9]$/.test(event.key)) {
    const buttons = actions.querySelectorAll("button[data-action]:not(:disabled)");
    const button = buttons[Number(event.key) - 1];
    if (button) { event.preventDefault(); button.click(); }
  } else if (event.key === "u") {
    const undo = document.querySelector("[data-undo]");
    if (undo) { event.preventDefault(); undo.click(); }
  }
});

// A drawn board: clicking a place ([data-space] or [data-square]) makes the action aimed at it, when
// exactly one action is; places with actions are marked [data-reachable] after each update.
function markBoard(root) {
  const buttons = root.querySelectorAll("[data-actions] button[data-action]");
  root.querySelectorAll("[data-reachable]").forEach((el) => el.removeAttribute("data-reachable"));
  buttons.forEach((button) => {
    const id = button.dataset.targetId;
    const square = button.dataset.targetSquare;
    if (id !== undefined) {
      root.querySelectorAll(`[data-space="${CSS.escape(id)}"]`).forEach((el) => el.setAttribute("data-reachable", ""));
    }
    if (square !== undefined) {
      root.querySelectorAll(`[data-square="${CSS.escape(square)}"]`).forEach((el) => el.setAttribute("data-reachable", ""));
    }
  });
}
document.addEventListener("click", (event) => {
  const place = event.target instanceof Element ? event.target.closest("[data-space], [data-square]") : null;
  if (!place) return;
  const key = place.hasAttribute("data-space")
    ? `[data-target-id="${CSS.escape(place.getAttribute("data-space"))}"]`
    : `[data-target-square="${CSS.escape(place.getAttribute("data-square"))}"]`;
  const matches = document.querySelectorAll(`[data-actions] button[data-action]${key}`);
  if (matches.length === 1) matches[0].click();
  else if (matches.length > 1) matches[0].closest("[data-actions]").scrollIntoView({ behavior: "smooth" });
});
document.addEventListener("DOMContentLoaded", () => markBoard(document));
document.addEventListener("htmx:afterSwap", () => markBoard(document));
