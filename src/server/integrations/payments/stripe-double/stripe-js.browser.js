// A Stripe.js-compatible script served by the Stripe double (decision 20): the subset the shop uses.
//   Stripe(publishableKey)
//   .elements(options?) → .create('card' | 'payment') → mount(target), on('ready' | 'change'), focus, destroy
//   .confirmCardSetup / .confirmCardPayment(clientSecret, { payment_method: { card } | 'pm_…' }, options?)
//   .confirmSetup / .confirmPayment({ elements, clientSecret?, redirect? })
//   .retrieveSetupIntent / .retrievePaymentIntent(clientSecret)
//   .paymentRequest({ country, currency, total }) → canMakePayment(), show(), on('paymentmethod' | 'cancel')
// Card fields live in a frame on the double's origin; a 3-D Secure challenge opens in a frame over the page,
// as Stripe's does. Results have Stripe's shape: { setupIntent } / { paymentIntent } or { error }.
(function () {
  'use strict';
  var origin = new URL(document.currentScript.src).origin;
  var seq = 0;
  var listeners = new Map();

  window.addEventListener('message', function (event) {
    if (event.origin !== origin) return;
    var message = event.data;
    if (!message || message.source !== 'stripe-double') return;
    var listener = listeners.get(message.frame);
    if (listener) listener(message);
  });

  function nextId(prefix) {
    seq += 1;
    return prefix + seq + '_' + Math.random().toString(36).slice(2, 8);
  }

  function frameSrc(path, frameId, key, extra) {
    var url = new URL(origin + path);
    if (extra)
      Object.keys(extra).forEach(function (name) {
        url.searchParams.set(name, extra[name]);
      });
    url.searchParams.set('frame', frameId);
    url.searchParams.set('key', key);
    url.searchParams.set('origin', location.origin);
    return url.toString();
  }

  function overlay(src, title) {
    var cover = document.createElement('div');
    cover.setAttribute('style', 'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,0.45)');
    var frame = document.createElement('iframe');
    frame.src = src;
    frame.title = title;
    frame.setAttribute('style', 'border:0;width:100%;height:100%;display:block;background:transparent');
    cover.appendChild(frame);
    document.body.appendChild(cover);
    return cover;
  }

  function request(method, path, body) {
    return fetch(origin + path, {
      method: method,
      headers: body ? { 'content-type': 'application/json' } : undefined,
      body: body ? JSON.stringify(body) : undefined,
    }).then(
      function (response) {
        return response.json().then(function (json) {
          return response.ok ? { answer: json } : { error: json.error };
        });
      },
      function () {
        return { error: { type: 'api_connection_error', message: 'We could not reach the card processor.' } };
      },
    );
  }

  function createCardElement(key) {
    var frameId = nextId('card');
    var frame = null;
    var handlers = {};
    var waiting = new Map();
    var emit = function (name, event) {
      (handlers[name] || []).forEach(function (handler) {
        handler(event);
      });
    };
    listeners.set(frameId, function (message) {
      if (message.type === 'resize' && frame) frame.style.height = message.height + 'px';
      else if (message.type === 'ready') emit('ready', { elementType: 'card' });
      else if (message.type === 'change') {
        emit('change', {
          elementType: 'card',
          empty: message.empty,
          complete: message.complete,
          brand: message.brand,
          error: undefined,
        });
      } else if (message.type === 'confirmed' && waiting.has(message.requestId)) {
        waiting.get(message.requestId)(message);
        waiting.delete(message.requestId);
      }
    });
    var send = function (message) {
      if (!frame || !frame.contentWindow) return false;
      message.source = 'stripe-double-parent';
      frame.contentWindow.postMessage(message, origin);
      return true;
    };
    var element = {
      mount: function (target) {
        var node = typeof target === 'string' ? document.querySelector(target) : target;
        if (!node) throw new Error('Stripe double: the element to mount into was not found.');
        frame = document.createElement('iframe');
        frame.src = frameSrc('/elements/card', frameId, key);
        frame.title = 'Secure card payment input frame';
        frame.name = '__privateStripeFrame' + frameId;
        frame.setAttribute('allow', 'payment *');
        frame.setAttribute('style', 'border:0;width:100%;height:96px;display:block;background:transparent');
        node.appendChild(frame);
      },
      on: function (name, handler) {
        (handlers[name] = handlers[name] || []).push(handler);
        return element;
      },
      off: function (name, handler) {
        handlers[name] = (handlers[name] || []).filter(function (h) {
          return h !== handler;
        });
        return element;
      },
      focus: function () {
        send({ type: 'focus' });
      },
      unmount: function () {
        if (frame) frame.remove();
        frame = null;
      },
      destroy: function () {
        element.unmount();
        listeners.delete(frameId);
      },
      _confirm: function (clientSecret) {
        return new Promise(function (resolve) {
          var requestId = nextId('req');
          waiting.set(requestId, function (message) {
            resolve(message.error ? { error: message.error } : { answer: message.answer });
          });
          if (!send({ type: 'confirm', clientSecret: clientSecret, requestId: requestId })) {
            waiting.delete(requestId);
            resolve({
              error: { type: 'invalid_request_error', message: 'The card element is not mounted.' },
            });
          }
        });
      },
    };
    return element;
  }

  function Stripe(key) {
    if (!(this instanceof Stripe)) return new Stripe(key);
    if (!/^pk_(test|live)_\w+$/.test(String(key))) {
      throw new Error('Stripe double: a publishable key (pk_…) is needed.');
    }

    var challenge = function (kind, intent) {
      return new Promise(function (resolve) {
        var frameId = nextId('3ds');
        var cover = overlay(
          frameSrc('/3ds/' + kind + '/' + intent.id, frameId, key, { client_secret: intent.client_secret }),
          '3D Secure authentication',
        );
        listeners.set(frameId, function (message) {
          if (message.type !== 'challenge-done') return;
          cover.remove();
          listeners.delete(frameId);
          resolve();
        });
      });
    };

    var outcome = function (kind, intent) {
      var error = kind === 'setup' ? intent.last_setup_error : intent.last_payment_error;
      var result = {};
      if (intent.status === 'requires_payment_method' && error) {
        result.error = Object.assign({}, error);
        result.error[kind === 'setup' ? 'setup_intent' : 'payment_intent'] = intent;
      } else result[kind === 'setup' ? 'setupIntent' : 'paymentIntent'] = intent;
      return result;
    };

    var retrieve = function (clientSecret) {
      return request(
        'GET',
        '/browser/intent?key=' +
          encodeURIComponent(key) +
          '&client_secret=' +
          encodeURIComponent(clientSecret),
      );
    };

    var confirm = function (kind, clientSecret, data, options) {
      var method = data && data.payment_method;
      var card = method && typeof method === 'object' ? method.card : null;
      var first = card
        ? card._confirm(clientSecret)
        : typeof method === 'string'
          ? request('POST', '/browser/confirm', {
              key: key,
              client_secret: clientSecret,
              payment_method: method,
            })
          : retrieve(clientSecret);
      return first.then(function (step) {
        if (step.error) return { error: step.error };
        var intent = step.answer.intent;
        if (intent.status !== 'requires_action' || (options && options.handleActions === false)) {
          return outcome(kind, intent);
        }
        return challenge(kind, intent)
          .then(function () {
            return retrieve(clientSecret);
          })
          .then(function (after) {
            return after.error ? { error: after.error } : outcome(kind, after.answer.intent);
          });
      });
    };

    var retrieveAs = function (kind) {
      return function (clientSecret) {
        return retrieve(clientSecret).then(function (step) {
          if (step.error) return { error: step.error };
          var result = {};
          result[kind === 'setup' ? 'setupIntent' : 'paymentIntent'] = step.answer.intent;
          return result;
        });
      };
    };

    var confirmWithElements = function (kind) {
      return function (options) {
        var group = options.elements;
        var clientSecret = options.clientSecret || (group && group._clientSecret);
        if (!group || !group._element || !clientSecret) {
          return Promise.resolve({
            error: { type: 'invalid_request_error', message: 'elements and a client secret are needed.' },
          });
        }
        return confirm(kind, clientSecret, { payment_method: { card: group._element } });
      };
    };

    this.elements = function (options) {
      var group = {
        _clientSecret: options && options.clientSecret,
        _element: null,
        create: function (type) {
          if (type !== 'card' && type !== 'payment') {
            throw new Error('Stripe double: only the card and payment elements are here.');
          }
          group._element = createCardElement(key);
          return group._element;
        },
        getElement: function () {
          return group._element;
        },
        submit: function () {
          return Promise.resolve({});
        },
      };
      return group;
    };
    this.confirmCardSetup = function (clientSecret, data, options) {
      return confirm('setup', clientSecret, data, options);
    };
    this.confirmCardPayment = function (clientSecret, data, options) {
      return confirm('payment', clientSecret, data, options);
    };
    this.confirmSetup = confirmWithElements('setup');
    this.confirmPayment = confirmWithElements('payment');
    this.retrieveSetupIntent = retrieveAs('setup');
    this.retrievePaymentIntent = retrieveAs('payment');

    this.paymentRequest = function (options) {
      if (!options || !options.country || !options.currency || !options.total) {
        throw new Error('Stripe double: paymentRequest needs country, currency and total.');
      }
      var total = options.total;
      var handlers = {};
      var available = null;
      var emit = function (name, event) {
        (handlers[name] || []).forEach(function (handler) {
          handler(event);
        });
      };
      return {
        canMakePayment: function () {
          return request('GET', '/browser/wallets').then(function (step) {
            var w = step.answer || {};
            available =
              w.googlePay || w.applePay
                ? { googlePay: !!w.googlePay, applePay: !!w.applePay, link: false }
                : null;
            return available;
          });
        },
        on: function (name, handler) {
          (handlers[name] = handlers[name] || []).push(handler);
        },
        update: function (next) {
          if (next && next.total) total = next.total;
        },
        show: function () {
          var wallet = available && available.applePay && !available.googlePay ? 'apple_pay' : 'google_pay';
          var frameId = nextId('wallet');
          var cover = overlay(
            frameSrc('/wallet-sheet', frameId, key, { wallet: wallet, amount: String(total.amount) }),
            wallet === 'apple_pay' ? 'Apple Pay' : 'Google Pay',
          );
          var close = function () {
            cover.remove();
            listeners.delete(frameId);
          };
          listeners.set(frameId, function (message) {
            if (message.type === 'wallet-cancel') {
              close();
              emit('cancel', {});
            } else if (message.type === 'wallet-method') {
              emit('paymentmethod', {
                paymentMethod: message.paymentMethod,
                walletName: wallet === 'apple_pay' ? 'applePay' : 'googlePay',
                complete: close,
              });
            }
          });
        },
      };
    };
  }

  window.Stripe = Stripe;
})();
