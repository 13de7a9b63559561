/* The widgets' messages in the page's language: bjI18n._(message, values),
   bjI18n.ngettext(singular, plural, n, values), bjI18n.pgettext(context, message, values).

   The English text is the message itself. A page in another language (<html lang="es">) loads,
   before this script runs any widget, javascripts/locale/<lang>.js: window.BJ_CATALOG, compiled
   by tools/i18n.py from the same catalog as the Python's (spec_engine/locale/<lang>/LC_MESSAGES/
   messages.po), with the language's plural rule. tools/mkdocs_hooks.py puts both scripts at the
   top of every page's content, so the widgets' own scripts (in the content) find them.
   Placeholders are {name}, filled from `values`, as in Python's str.format ({{ for a brace). */
(function () {
  "use strict";
  const catalog = () => window.BJ_CATALOG || { plural: "(n != 1)", messages: {} };
  let plural = null;

  function fill(text, values) {
    return text.replace(/\{\{|\}\}|\{(\w+)\}/g, (whole, name) => {
      if (!name) return whole[0];
      if (!values || !(name in values)) throw new Error("message placeholder {" + name + "} has no value");
      return String(values[name]);
    });
  }

  function form(n) {
    if (!plural) plural = new Function("n", "return Number(" + catalog().plural + ");");
    return plural(n);
  }

  window.bjI18n = {
    lang: () => catalog().lang || document.documentElement.lang || "en",
    _(message, values) {
      const found = catalog().messages[message];
      return fill(typeof found === "string" ? found : message, values);
    },
    ngettext(singular, plural, n, values) {
      const found = catalog().messages[singular];
      const text = Array.isArray(found) ? found[form(n)] : (n === 1 ? singular : plural);
      return fill(text, values);
    },
    pgettext(context, message, values) {
      const found = catalog().messages[context + "\u0004" + message];
      return fill(typeof found === "string" ? found : message, values);
    },
  };
})();
