// The renderer for a game that has none of its own: its view, as indented JSON.
export function render(container, view, context) {
  const { h } = context.kit;
  container.append(
    h("p", { class: "tf-fallback-note" },
      `${context.title} has no drawing of its own yet: this is its view as the service sends it.`),
    h("pre", { class: "tf-json" }, JSON.stringify(view, null, 2)));
}
