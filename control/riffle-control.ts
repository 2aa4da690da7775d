// placeholder, replaced by the control panel
document.body.textContent = 'Riffle control';
