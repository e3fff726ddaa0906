// The Stripe double's frames (decision 20): card fields, a 3-D Secure challenge and a wallet sheet. They
// live on the double's origin, like Stripe's own, so what is typed never passes through the shop's page:
// the page's Stripe.js (stripe-js.browser.js) asks the card frame to confirm an intent and hears the answer.
(function () {
  'use strict';
  var data = JSON.parse(document.body.getAttribute('data-page') || '{}');
  var params = new URLSearchParams(location.search);
  var parentOrigin = params.get('origin') || '*';
  var frameId = params.get('frame') || '';
  var key = params.get('key') || '';

  function tell(message) {
    message.source = 'stripe-double';
    message.frame = frameId;
    window.parent.postMessage(message, parentOrigin);
  }

  function post(path, body) {
    return fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(function (response) {
      return response.json().then(function (json) {
        return { ok: response.ok, json: json };
      });
    });
  }

  if (data.kind === 'card') {
    var form = document.getElementById('card');
    var errorText = document.getElementById('error');
    var fields = { number: form.number, expiry: form.expiry, cvc: form.cvc };
    var FIELD_ERRORS = { incorrect_number: 'number', invalid_expiry_year: 'expiry', invalid_cvc: 'cvc' };
    var state = function () {
      var number = fields.number.value.replace(/\D/g, '');
      var empty = !fields.number.value && !fields.expiry.value && !fields.cvc.value;
      var complete =
        number.length >= 13 &&
        /^\s*\d{1,2}\s*\/\s*\d{2}(\d{2})?\s*$/.test(fields.expiry.value) &&
        /^\d{3,4}$/.test(fields.cvc.value.trim());
      return { empty: empty, complete: complete, brand: /^4/.test(number) ? 'visa' : 'unknown' };
    };
    var sendHeight = function () {
      tell({ type: 'resize', height: Math.ceil(document.documentElement.scrollHeight) });
    };
    var showError = function (message, field) {
      errorText.textContent = message || '';
      Object.keys(fields).forEach(function (name) {
        fields[name].setAttribute('aria-invalid', name === field ? 'true' : 'false');
      });
      sendHeight();
    };
    form.addEventListener('input', function () {
      showError('', null);
      var s = state();
      tell({ type: 'change', empty: s.empty, complete: s.complete, brand: s.brand });
    });
    form.addEventListener('submit', function (event) {
      event.preventDefault();
    });
    window.addEventListener('message', function (event) {
      if (parentOrigin !== '*' && event.origin !== parentOrigin) return;
      var message = event.data || {};
      if (message.source !== 'stripe-double-parent') return;
      if (message.type === 'focus') fields.number.focus();
      if (message.type !== 'confirm') return;
      var s = state();
      if (!s.complete) {
        var incomplete = {
          type: 'validation_error',
          code: 'incomplete',
          message: 'Your card details are incomplete.',
        };
        showError(incomplete.message, s.empty ? 'number' : null);
        tell({ type: 'confirmed', requestId: message.requestId, error: incomplete });
        return;
      }
      post('/browser/confirm', {
        key: key,
        client_secret: message.clientSecret,
        card: { number: fields.number.value, expiry: fields.expiry.value, cvc: fields.cvc.value },
      }).then(
        function (answer) {
          if (!answer.ok) {
            var field = FIELD_ERRORS[answer.json.error.code];
            if (field) showError(answer.json.error.message, field);
            tell({ type: 'confirmed', requestId: message.requestId, error: answer.json.error });
          } else tell({ type: 'confirmed', requestId: message.requestId, answer: answer.json });
        },
        function () {
          tell({
            type: 'confirmed',
            requestId: message.requestId,
            error: { type: 'api_connection_error', message: 'We could not reach the card processor.' },
          });
        },
      );
    });
    new ResizeObserver(sendHeight).observe(document.body);
    tell({ type: 'ready' });
  }

  if (data.kind === 'challenge' && frameId) {
    var challenge = document.querySelector('form');
    if (challenge) {
      challenge.addEventListener('submit', function (event) {
        event.preventDefault();
        var outcome = event.submitter ? event.submitter.value : 'fail';
        post(challenge.getAttribute('action'), { outcome: outcome }).then(function () {
          tell({ type: 'challenge-done' });
        });
      });
    }
  }

  if (data.kind === 'wallet') {
    document.getElementById('pay').addEventListener('click', function () {
      post('/browser/wallet_payment_method', { key: key, wallet: data.wallet }).then(function (answer) {
        tell({ type: 'wallet-method', paymentMethod: answer.json.paymentMethod });
      });
    });
    document.getElementById('cancel').addEventListener('click', function () {
      tell({ type: 'wallet-cancel' });
    });
  }
})();
