// A first coderun program: the body of an async function.
interface Greeting {
  name: string;
  excited: boolean;
}

const greetings: Greeting[] = [
  { name: "world", excited: true },
  { name: "coderun", excited: false },
];

for (const g of greetings) {
  console.log(`hello, ${g.name}${g.excited ? "!" : "."}`);
}

await new Promise((resolve) => setTimeout(resolve, 10));
return { greeted: greetings.map((g) => g.name), at: new Date(0).toISOString() };
