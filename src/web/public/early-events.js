// Loaded first and on its own (async, a few hundred bytes) by the prerendered pages: a click on a
// button, a form sent or Escape pressed before the app's JavaScript has arrived is held here, and
// the app carries it out once it has taken the page over (src/web/lib/before-hydration.ts adopts
// what is held).
(function () {
  // The app is already running (this script came late): it handles everything itself.
  if (window.__heldBeforeApp) return;
  var held = { clicks: [], submit: null, escape: false, stop: null };
  // The same buttons as plainButton() in lib/before-hydration.ts (submit buttons send their form, held below).
  function onClick(event) {
    var target = event.target;
    var button = target instanceof Element ? target.closest('button, [role="button"]') : null;
    if (!button || (button.type === 'submit' && button.form)) return;
    event.preventDefault();
    if (held.clicks.indexOf(button) < 0) held.clicks.push(button);
  }
  function onSubmit(event) {
    event.preventDefault();
    held.submit = { form: event.target, submitter: event.submitter || null };
  }
  function onKeydown(event) {
    if (event.key === 'Escape') held.escape = true;
  }
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('keydown', onKeydown, true);
  held.stop = function () {
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('submit', onSubmit, true);
    document.removeEventListener('keydown', onKeydown, true);
  };
  window.__heldBeforeApp = held;
})();
