import math

xs = [0.1, 0.5, 1.0, 2.0, 3.7, 10.0, 123.456]
table = []
for x in xs:
    row = [math.exp(x), math.log(x), math.sin(x), math.cos(x), math.tan(x), math.atan(x), math.sqrt(x), x ** 0.37, math.tanh(x)]
    table.append(row)
    print(x, row)
print(math.erf(0.5), math.erfc(0.5), math.gamma(4.5), math.lgamma(10.5))
print(math.asin(0.3), math.acos(0.3), math.sinh(1.2), math.cosh(1.2), math.asinh(2), math.acosh(2), math.atanh(0.5))
print(math.log1p(1e-10), math.expm1(1e-10), math.pow(2, 0.5), 2 ** 0.5 == math.sqrt(2))
return table
