/** Panel styles, inside the shadow root only: nothing reaches the partner page or comes from it. */
export const panelCss = `
.panel{all:initial;box-sizing:border-box;position:absolute;bottom:68px;width:340px;max-width:calc(100vw - 40px);
max-height:min(520px,calc(100vh - 110px));display:flex;flex-direction:column;background:#fff;color:#212529;
font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;border-radius:10px;
box-shadow:0 8px 28px rgba(0,0,0,.28);overflow:hidden}
.panel.right{right:0}.panel.left{left:0}
.panel *{box-sizing:border-box;font:inherit;color:inherit}
/* Rules below that set a colour carry .panel, so they outrank the reset above. */
.panel header{display:flex;align-items:center;justify-content:space-between;padding:10px 12px;background:#0d6efd;color:#fff}
h2{margin:0;font-size:16px;font-weight:600;display:flex;align-items:center;gap:8px}
.dot{width:10px;height:10px;border-radius:50%;background:#dc3545;border:1px solid #fff}
.panel .close{all:unset;cursor:pointer;font-size:20px;line-height:1;padding:2px 6px;border-radius:4px}
.log{flex:1;overflow-y:auto;padding:10px 12px;min-height:120px}
.bubble{margin:0 0 8px;padding:6px 10px;border-radius:8px;max-width:85%;white-space:pre-wrap;overflow-wrap:anywhere}
.bubble b{display:block;font-size:12px;font-weight:600}
.you{background:#e7f1ff;margin-left:auto}
.support{background:#f1f3f5}
.panel .failed{background:#fff3cd;border:1px dashed #b02a37}
.share{padding:0 12px 10px;font-size:13px;color:#495057}.share p{margin:4px 0}
.panel .plain{all:unset;cursor:pointer;color:#0d6efd;text-decoration:underline;margin-right:10px}
.status{margin:0;padding:0 12px;color:#b02a37;font-size:13px}
.status:empty{display:none}
form{display:flex;flex-direction:column;gap:6px;padding:10px 12px;border-top:1px solid #dee2e6}
.panel label{font-size:12px;color:#495057}
textarea{display:block;width:100%;min-height:56px;resize:vertical;padding:6px 8px;border:1px solid #ced4da;border-radius:6px;background:#fff}
.panel .submit{all:unset;align-self:flex-end;cursor:pointer;background:#0d6efd;color:#fff;padding:6px 14px;border-radius:6px}
button:focus-visible,textarea:focus-visible{outline:3px solid #ffbf47;outline-offset:1px}
[hidden]{display:none !important}
`;
