// An absent global that ends the run: the message says why.
console.log(Buffer.from('hi').toString('base64'));
