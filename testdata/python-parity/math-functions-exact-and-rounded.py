import math

print(math.isqrt(10**20 + 12345), math.gcd(84, 126, 210), math.lcm(4, 6, 10))
print(math.comb(52, 5), math.perm(10, 3), math.factorial(20))
print(math.prod([1.5, 2, 4]), math.fsum([0.1] * 10), sum([0.1] * 10))
print(math.floor(-2.5), math.ceil(-2.5), math.trunc(-2.7), round(2.5), round(3.5), round(-0.5))
print(math.copysign(3, -0.0), math.fabs(-7.25), math.fmod(-7, 3), -7 % 3, math.remainder(7, 3))
print(math.isclose(0.1 + 0.2, 0.3), math.isclose(1e-10, 0, abs_tol=1e-9), math.isfinite(1e308 * 10))
print(math.sqrt(2), math.hypot(3, 4), math.dist((0, 0), (1, 1)))
print(round(math.log(1000, 10), 12), math.log2(1024), math.log10(0.001), round(math.exp(1), 10))
print([round(math.sin(math.radians(d)), 10) for d in (0, 30, 90, 180)])
print(round(math.degrees(math.atan2(1, 1)), 10), math.pi, math.tau, math.e, math.inf, -math.inf)
print(math.frexp(12.5), math.ldexp(0.78125, 4), math.modf(-3.25), math.nextafter(1.0, 2.0), math.ulp(1.0))
print(math.cbrt(27.0), math.exp2(10), math.sumprod([1, 2, 3], [4, 5, 6]))
return {"comb": math.comb(30, 15), "isqrt": math.isqrt(99999999)}
