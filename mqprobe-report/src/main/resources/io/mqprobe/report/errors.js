// Runs first: collects every script error and console error so the page can report them in #mq-status.
(function () {
  'use strict';
  var errors = window.__mqErrors = [];
  function publish() {
    var status = document.getElementById('mq-status');
    if (status) {
      status.setAttribute('data-errors', errors.join(' | '));
    }
  }
  window.__mqPublishErrors = publish;
  window.addEventListener('error', function (e) {
    errors.push('error: ' + (e.message || (e.target && e.target.tagName) || 'unknown'));
    publish();
  }, true);
  window.addEventListener('unhandledrejection', function (e) {
    errors.push('unhandled rejection: ' + (e.reason && e.reason.message ? e.reason.message : String(e.reason)));
    publish();
  });
  // a blocked request means the page tried to load something: the report must be self-contained
  document.addEventListener('securitypolicyviolation', function (e) {
    errors.push('blocked by CSP: ' + e.violatedDirective + ' ' + e.blockedURI);
    publish();
  });
  var consoleError = console.error;
  console.error = function () {
    errors.push('console.error: ' + Array.prototype.join.call(arguments, ' '));
    publish();
    return consoleError.apply(console, arguments);
  };
})();
