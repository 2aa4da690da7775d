// placeholder, replaced by the display component
document.body.textContent = 'Riffle display';
