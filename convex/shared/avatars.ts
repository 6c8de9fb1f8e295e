/**
 * The 12 preset avatars of seed §9, drawn for this project (public/avatars/, made by
 * scripts/make-avatars.ts). A profile's photoURL is one of these paths or absent.
 */
export const AVATARS = [
  { url: "/avatars/1.svg", name: "Fox" },
  { url: "/avatars/2.svg", name: "Owl" },
  { url: "/avatars/3.svg", name: "Cat" },
  { url: "/avatars/4.svg", name: "Bear" },
  { url: "/avatars/5.svg", name: "Frog" },
  { url: "/avatars/6.svg", name: "Penguin" },
  { url: "/avatars/7.svg", name: "Panda" },
  { url: "/avatars/8.svg", name: "Rabbit" },
  { url: "/avatars/9.svg", name: "Koala" },
  { url: "/avatars/10.svg", name: "Tiger" },
  { url: "/avatars/11.svg", name: "Mouse" },
  { url: "/avatars/12.svg", name: "Chick" },
] as const;

export const AVATAR_NOT_PRESET = "Please choose one of the preset avatars.";

export function isPresetAvatar(url: string): boolean {
  return AVATARS.some((avatar) => avatar.url === url);
}
