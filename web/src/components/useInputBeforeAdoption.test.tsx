import { useForm } from "@mantine/form";
import { act } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useInputBeforeAdoption } from "./useInputBeforeAdoption";

interface Values {
  email: string;
  remember: boolean;
}

function SignIn({ onSubmit }: { onSubmit: (values: Values) => void }) {
  const form = useForm<Values>({
    mode: "uncontrolled",
    initialValues: { email: "", remember: false },
  });
  useInputBeforeAdoption(form);
  return (
    <form onSubmit={form.onSubmit(onSubmit)}>
      <input aria-label="Email" key={form.key("email")} {...form.getInputProps("email")} />
      <input
        type="checkbox"
        aria-label="Remember me"
        key={form.key("remember")}
        {...form.getInputProps("remember", { type: "checkbox" })}
      />
      <button type="submit">Login</button>
    </form>
  );
}

let root: Root | undefined;
let container: HTMLElement | undefined;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

/** The form prerendered, then `typeBefore` run on the plain HTML, then adopted by React. */
function adopt(onSubmit: (values: Values) => void, typeBefore: (form: HTMLElement) => void) {
  container = document.createElement("div");
  container.innerHTML = renderToString(<SignIn onSubmit={() => {}} />);
  document.body.append(container);
  typeBefore(container);
  act(() => {
    root = hydrateRoot(container!, <SignIn onSubmit={onSubmit} />);
  });
  return container;
}

describe("useInputBeforeAdoption", () => {
  it("submits what was typed and ticked in the prerendered fields before the app adopted them", () => {
    const onSubmit = vi.fn();
    const page = adopt(onSubmit, (html) => {
      html.querySelector<HTMLInputElement>('[aria-label="Email"]')!.value = "ada@example.org";
      html.querySelector<HTMLInputElement>('[aria-label="Remember me"]')!.checked = true;
    });
    expect(page.querySelector<HTMLInputElement>('[aria-label="Email"]')!.value).toBe(
      "ada@example.org",
    );
    act(() => page.querySelector("button")!.click());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ email: "ada@example.org", remember: true });
  });

  it("leaves the form's values alone when nothing was typed", () => {
    const onSubmit = vi.fn();
    const page = adopt(onSubmit, () => {});
    act(() => page.querySelector("button")!.click());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ email: "", remember: false });
  });
});
