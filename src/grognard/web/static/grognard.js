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
