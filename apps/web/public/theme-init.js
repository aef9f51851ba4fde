// Runs before first paint: apply the stored theme (light, dark or system) to avoid a flash.
(function () {
  var theme = 'light';
  try {
    var stored = window.localStorage.getItem('vite-ui-theme');
    if (stored === 'light' || stored === 'dark' || stored === 'system') theme = stored;
  } catch {
    // Storage blocked: keep the default.
  }
  if (theme === 'system') {
    theme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  var root = document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(theme);
})();
