/** Launcher styles, applied inside the shadow root only. */
export const launcherCss = `
.launcher{all:initial;box-sizing:border-box;width:56px;height:56px;border-radius:50%;background:#0d6efd;color:#fff;
display:flex;align-items:center;justify-content:center;cursor:pointer;box-shadow:0 4px 12px rgba(0,0,0,.25);position:relative}
.launcher:focus-visible{outline:3px solid #ffbf47;outline-offset:2px}
.launcher svg{width:28px;height:28px;fill:currentColor}
.dot{position:absolute;top:2px;right:2px;width:14px;height:14px;border-radius:50%;background:#dc3545;border:2px solid #fff}
[hidden]{display:none !important}
`;
