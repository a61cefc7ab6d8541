/**
 * The browser SDK surface the shop uses, simulated: `paypal.Buttons({ createOrder, onApprove,
 * onCancel, onError }).render(el)` draws a 'Test wallet' button; after createOrder the buyer
 * approves, declines or cancels right on the page (the real wallet opens its own window).
 * Elements are built with the DOM API and styled through CSSOM, so the shop's CSP needs no
 * inline script or style for it.
 */
export const sdkScript = (simulatorPath: string): string => `(function () {
  'use strict';
  var script = document.currentScript;
  var origin = script && script.src ? script.src : location.href;
  var controlUrl = function (id) { return new URL(${JSON.stringify(simulatorPath)} + '/control/orders/' + encodeURIComponent(id), origin).toString(); };
  var el = function (tag, text, style) {
    var node = document.createElement(tag);
    if (text) node.textContent = text;
    Object.assign(node.style, style || {});
    return node;
  };
  var buttonStyle = { font: 'inherit', padding: '10px 16px', borderRadius: '6px', border: '1px solid #1f2937', cursor: 'pointer', minHeight: '44px' };
  var actions = {
    order: { capture: function () { return Promise.reject(new Error('The shop captures on its server, never in the browser')); } },
    restart: function () { return Promise.resolve(); }
  };

  function Buttons(options) {
    options = options || {};
    var host = null;
    var fail = function (err) {
      var error = err instanceof Error ? err : new Error(String(err && err.message ? err.message : err));
      if (typeof options.onError === 'function') options.onError(error); else console.error(error);
    };
    var decide = function (id, action) {
      return fetch(controlUrl(id), { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json', 'x-csrf': '1' }, body: JSON.stringify({ action: action }) })
        .then(function (res) { if (!res.ok) throw new Error('The test wallet could not record the decision (' + res.status + ')'); });
    };

    function render(target) {
      host = typeof target === 'string' ? document.querySelector(target) : target;
      if (!host) return Promise.reject(new Error('Test wallet: the container to render into was not found'));
      host.replaceChildren();
      var box = el('div', '', { display: 'grid', gap: '8px' });
      box.setAttribute('data-wallet-simulator', '');
      var pay = el('button', 'Test wallet', Object.assign({ background: '#ffc439', fontWeight: '700' }, buttonStyle));
      var note = el('p', 'Simulated card wallet: no real money moves.', { margin: '0', fontSize: '0.875rem' });
      var panel = el('div', '', { display: 'none', gap: '8px', flexWrap: 'wrap' });
      panel.setAttribute('role', 'group');
      panel.setAttribute('aria-label', 'Test wallet approval');
      var approve = el('button', 'Approve payment', buttonStyle);
      var decline = el('button', 'Decline payment', buttonStyle);
      var cancel = el('button', 'Cancel', buttonStyle);
      [pay, approve, decline, cancel].forEach(function (b) { b.type = 'button'; });
      var orderID = null;
      var busy = function (on) { [pay, approve, decline, cancel].forEach(function (b) { b.disabled = on; }); };
      // Shown or hidden through style.display, never the hidden attribute: an inline display (ours,
      // or the shop's CSS) beats [hidden], which showed Approve before any wallet order existed.
      var show = function (node, on, display) { node.style.display = on ? display : 'none'; };
      var awaitOrder = function () { show(panel, false); show(pay, true, ''); orderID = null; };
      var awaitDecision = function (id) { orderID = id; show(pay, false); show(panel, true, 'flex'); };

      pay.addEventListener('click', function () {
        busy(true);
        Promise.resolve()
          .then(function () {
            if (typeof options.createOrder !== 'function') throw new Error('createOrder is required');
            return options.createOrder({ paymentSource: 'paypal' }, actions);
          })
          .then(function (id) {
            if (typeof id !== 'string' || !id) throw new Error('createOrder must resolve with the wallet order id');
            awaitDecision(id);
          })
          .catch(fail)
          .then(function () { busy(false); });
      });
      var choose = function (action) {
        var id = orderID;
        // No wallet order yet: there is nothing to decide on (and no /orders/null to call).
        if (!id) return;
        busy(true);
        decide(id, action)
          .then(function () {
            awaitOrder();
            if (typeof options.onApprove === 'function') {
              return options.onApprove({ orderID: id, payerID: 'SIMULATEDBUYER1', paymentSource: 'paypal', facilitatorAccessToken: '' }, actions);
            }
          })
          .catch(fail)
          .then(function () { busy(false); });
      };
      approve.addEventListener('click', function () { choose('approve'); });
      decline.addEventListener('click', function () { choose('decline'); });
      cancel.addEventListener('click', function () {
        var id = orderID;
        awaitOrder();
        if (typeof options.onCancel === 'function') options.onCancel({ orderID: id });
      });

      panel.append(approve, decline, cancel);
      box.append(pay, panel, note);
      host.append(box);
      return Promise.resolve();
    }

    return {
      render: render,
      isEligible: function () { return true; },
      close: function () { if (host) host.replaceChildren(); return Promise.resolve(); }
    };
  }

  window.paypal = { version: 'wallet-simulator', Buttons: Buttons, FUNDING: { PAYPAL: 'paypal' } };
})();
`;
