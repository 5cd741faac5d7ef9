import bisect
from ipaddress import ip_address, ip_network

ranges = sorted([
    (int(ip_address("10.0.0.0")), int(ip_address("10.0.255.255")), "office-vpn"),
    (int(ip_address("192.168.1.0")), int(ip_address("192.168.1.255")), "lab"),
    (int(ip_address("172.16.0.0")), int(ip_address("172.31.255.255")), "datacenter"),
    (int(ip_address("203.0.113.0")), int(ip_address("203.0.113.127")), "partner"),
])
starts = [r[0] for r in ranges]

def classify(ip):
    n = int(ip_address(ip))
    i = bisect.bisect_right(starts, n) - 1
    if i >= 0 and ranges[i][0] <= n <= ranges[i][1]:
        return ranges[i][2]
    return "internet"

ips = ["10.0.4.20", "172.20.1.1", "203.0.113.200", "8.8.8.8", "192.168.1.77", "203.0.113.5"]
result = {ip: classify(ip) for ip in ips}
for ip, zone in result.items():
    print(f"{ip:<15} {zone}")
net = ip_network("172.16.0.0/12")
print(net.num_addresses, net.netmask, ip_address("172.20.1.1") in net, list(ip_network("192.0.2.0/30").hosts()))
return result
