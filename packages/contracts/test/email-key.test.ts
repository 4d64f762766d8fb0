import { describe, expect, it } from "vitest";
import { emailKey } from "../src/email-key";

describe("emailKey", () => {
  it("ignores case and surrounding spaces", () => {
    expect(emailKey("  Ada.Lovelace@Uni.Example ")).toBe("ada.lovelace@uni.example");
  });

  it("drops a +tag from the local part at any domain, and only there", () => {
    expect(emailKey("ada+team-b@uni.example")).toBe("ada@uni.example");
    expect(emailKey("ada+a+b@uni.example")).toBe("ada@uni.example");
    expect(emailKey("ada@sub+domain.example")).toBe("ada@sub+domain.example");
  });

  it("reads Gmail without dots, and googlemail.com as gmail.com", () => {
    expect(emailKey("A.Da.Love+x@googlemail.com")).toBe("adalove@gmail.com");
    expect(emailKey("adalove@gmail.com")).toBe("adalove@gmail.com");
  });

  it("keeps dots everywhere else: another mailbox, another person", () => {
    expect(emailKey("a.da@outlook.com")).not.toBe(emailKey("ada@outlook.com"));
    expect(emailKey("a.da@mail.gmail.com")).toBe("a.da@mail.gmail.com");
  });
});
