throw 'just a string';
