// The frame app. At this stage it only proves it is served from its own origin;
// the embedded-wallet protocol lands with the embedded wallet issue.
const root = document.getElementById('frame-root')
if (root) root.dataset.origin = window.location.origin
